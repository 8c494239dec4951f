"""Kubik's simulated throws (K20, K20a, K19): rigid-body physics with MuJoCo, and its bridge to the rules.

One module for each part, each imported by its own name (this package imports nothing, so that the rules
and the core install, which have no MuJoCo, can import :mod:`~tabletop.games.kubik.physics.outcomes`):

* :mod:`~tabletop.games.kubik.physics.outcomes` — the rules' side: draws the noise, runs a throw, writes
  and checks the recorded outcome; loads the rest (and MuJoCo) only when a throw is simulated.
* :mod:`~tabletop.games.kubik.physics.throw` — what a throw is: the release, the skill noise, the bat's
  closed-form flight and what a throw, a crossing's rest or an interception did.
* :mod:`~tabletop.games.kubik.physics.stepping` — MuJoCo's run from the bat's hand-off until the cube lies
  still, and how it is kept cheap.
* :mod:`~tabletop.games.kubik.physics.leaps` — a flying cube's MuJoCo steps summed in closed form.
* :mod:`~tabletop.games.kubik.physics.mujoco_model` — the field as MuJoCo's model, with the physical
  constants, compiled once per cube edge and time step.

Every number is documented, with its measurements, in docs/kubik-physics.md.
"""
