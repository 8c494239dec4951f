"""``python -m tabletop``: the same as the ``tabletop`` command."""

from tabletop.cli import main

main()
