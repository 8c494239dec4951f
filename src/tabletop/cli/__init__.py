"""The ``tabletop`` command line."""


def main() -> None:
    """Run the ``tabletop`` command."""
    from tabletop.cli.app import main as run

    run()


__all__ = ["main"]
