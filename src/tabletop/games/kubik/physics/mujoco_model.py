"""MuJoCo's model of Kubik's field (K20, K20a): the bodies, how they touch, and the compiled model per cube.

The turf, the cube and the bat are written here as MJCF (:func:`model_xml`), with the numbers a throw is
made of — the time step, the bat's size and mass, the density of birch, gravity — and compiled once per
cube edge and time step (:func:`sim`; the field's distances do not enter the model). It is apart from
:mod:`~tabletop.games.kubik.physics.stepping` (the run that steps this model to rest) and
:mod:`~tabletop.games.kubik.physics.throw` (what a throw is) because it is what both stand on and the one
place where the physical constants are set: changing a number here changes every simulated outcome, so
a record made before no longer replays (docs/kubik-physics.md).
"""

from __future__ import annotations

import ctypes
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tabletop.core.extras import require

require("mujoco", extra="physics", purpose="Kubik's physics throws (throws=physics)",
        hint=", or play with throws=calibrated (the calibrated model, K20b)")

import mujoco  # type: ignore[import-untyped]  # noqa: E402  (after the check that names the extra)

DEFAULT_TIMESTEP = 0.00025
"""Seconds per MuJoCo step: halving it no longer changes the face statistics (K20a)."""

FRAME_INTERVAL = 0.02
"""Seconds between the trajectory's frames (50 per second) and between the run's checks."""

GRAVITY = 9.81
BAT_LENGTH = 0.75
BAT_RADIUS = 0.03
BAT_MASS = 1.5
WOOD_DENSITY = 650.0
"""Birch, kg/m³: the 15 cm cube weighs 2.19 kg, the 4.2 cm one 48 g."""

SLEEP_TOLERANCE = 0.001
"""m/s (and rad/s times the cube's size): a cube slower than this for ten steps lies still and sleeps."""


# ---------------------------------------------------------------- the model


_XML = """
<mujoco model="kubik">
  <option timestep="{timestep}" gravity="0 0 -{gravity}" sleep_tolerance="{sleep}">
    <flag sleep="enable"/>
  </option>
  <worldbody>
    <geom name="ground" type="plane" size="0 0 1" contype="0" conaffinity="0"/>
    <body name="cube" pos="0 0 {half}">
      <freejoint/>
      <geom name="cube" type="box" size="{half} {half} {half}" mass="{cube_mass}" contype="0" conaffinity="0"/>
    </body>
    <body name="bat" pos="0 -3 1">
      <freejoint/>
      <geom name="bat" type="capsule" fromto="-{segment} 0 0 {segment} 0 0" size="{radius}" mass="{bat_mass}"
            contype="0" conaffinity="0"/>
    </body>
  </worldbody>
  <contact>
    <pair geom1="cube" geom2="ground" condim="3" friction="0.5 0.5 0.005 0.0001 0.0001" solref="0.004 1"/>
    <pair geom1="bat" geom2="ground" condim="6" friction="0.5 0.5 0.005 0.01 0.01" solref="0.004 1"/>
    <pair geom1="bat" geom2="cube" condim="3" friction="0.35 0.35 0.005 0.0001 0.0001" solref="0.002 0.3"/>
  </contact>
  <sensor>
    <contact name="touch" geom1="bat" geom2="cube" data="found"/>
  </sensor>
</mujoco>
"""


def model_xml(cube_edge: float, timestep: float) -> str:
    """The MJCF of the field: turf (a plane), the cube and the bat, and how each pair of them touches.

    Friction 0.5 for wood on turf, 0.35 wood on wood. Turf gives: its contacts are critically damped
    springs with a 4 ms time constant (a cube landing at 4 m/s sinks about 6 mm); wood on wood is stiffer
    (2 ms) and bouncy (damping ratio 0.3: restitution about 0.25). The bat meets rolling resistance on turf.
    Bodies at rest sleep (:data:`SLEEP_TOLERANCE`) until something touches them.
    """
    half = cube_edge / 2
    return _XML.format(timestep=timestep, gravity=GRAVITY, sleep=SLEEP_TOLERANCE, half=half,
                       cube_mass=WOOD_DENSITY * cube_edge ** 3, segment=BAT_LENGTH / 2 - BAT_RADIUS,
                       radius=BAT_RADIUS, bat_mass=BAT_MASS)


@dataclass(frozen=True)
class Sim:
    """A compiled model with its data (one per thread), and the numbers the run loop needs."""

    model: Any
    local: threading.local
    cube_edge: float
    timestep: float
    steps_per_frame: int

    @property
    def data(self) -> Any:
        """This thread's MjData for the model (made on first use)."""
        data = getattr(self.local, "data", None)
        if data is None:
            data = self.local.data = mujoco.MjData(self.model)
        return data


@lru_cache(maxsize=16)
def sim(cube_edge: float, timestep: float) -> Sim:
    """Build the model once per cube edge and time step (the field's distances do not enter it).

    Raises:
        ValueError: for a time step outside (0, 2 ms] or that does not divide the frame interval, or a
            cube edge outside [1 cm, 50 cm].
    """
    if not 0.0 < timestep <= 0.002:
        raise ValueError(f"time step {timestep} s: choose one in (0, 0.002]")
    if not 0.01 <= cube_edge <= 0.5:
        raise ValueError(f"cube edge {cube_edge} m: choose one in [0.01, 0.5]")
    steps = round(FRAME_INTERVAL / timestep)
    if abs(steps * timestep - FRAME_INTERVAL) > 1e-9:
        raise ValueError(f"time step {timestep} s must divide the frame interval {FRAME_INTERVAL} s")
    model = mujoco.MjModel.from_xml_string(model_xml(cube_edge, timestep))
    _unclocked_timers()
    return Sim(model, threading.local(), cube_edge, timestep, steps)


@lru_cache(maxsize=1)
def _unclocked_timers() -> None:
    """Stop MuJoCo reading the clock for its profiling timers (``MjData.timer``), which nothing here reads.

    MuJoCo times each stage of a step through the global callback ``mjcb_time``, some 30 readings a step,
    and the Python bindings install one that calls ``clock_gettime``: on a small model that is a quarter of
    a step (2.85 against 2.10 µs for a cube sliding on the turf, 8–16% of a whole throw). A null callback
    cannot be set from Python, so the callback becomes C's ``drand48`` (a native ``double f(void)``, as
    ``mjcb_time`` is, called without Python): the timers then hold noise, and the physics is untouched.
    The callback is global to the process; one that someone else installed is kept, and where C's library
    has no ``drand48`` (Windows) the clock stays.
    """
    if mujoco.get_mjcb_time() is not None:
        return
    try:
        noise = ctypes.CDLL(None).drand48
    except (OSError, AttributeError, TypeError):
        return
    noise.restype, noise.argtypes = ctypes.c_double, []
    mujoco.set_mjcb_time(noise)
