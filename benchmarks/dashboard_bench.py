"""Dashboard speed: start-up to the first full screen, and each action's screen update late in a game.

    python benchmarks/dashboard_bench.py            # both figures
Targets: first full screen < 1.0 s; every action < 100 ms.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHILD = """
import sys, time
started = float(sys.argv[2])
from pathlib import Path
from referee.tui.app import RefereeApp
from referee.rulesets.n30.tui.screen import MainScreen

class Timed(RefereeApp):
    def _show(self, session):
        super()._show(session)
        self.call_after_refresh(self.call_after_refresh, self._report)

    def _report(self):
        if isinstance(self.screen, MainScreen):
            print(f"{time.time() - started:.3f}", file=sys.__stdout__, flush=True)
            self.exit()

Timed(Path(sys.argv[1])).run(headless=True, size=(120, 40))
"""


def late_session(folder: Path, turns_left: int = 2) -> Path:
    """A Lock Down, Hold Fast session played by the computer players up to a few turns before the end."""
    from referee.scenario.catalog import load
    from referee.session import Session
    from referee.simulate import play_game

    game, commands = play_game(load("n30/lock-down-hold-fast"), {}, 11)
    path = folder / "late.db"
    session = Session.create(path, "n30/lock-down-hold-fast", {}, 11)
    for command in commands:
        if session.state.turn > 36 - turns_left:
            break
        session.apply(command)
    session.close()
    return path


def startup(path: Path, runs: int = 5) -> list[float]:
    """Seconds from `referee play PATH`'s process start to the first full main screen."""
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", CHILD, str(path), repr(time.time())],
                             capture_output=True, text=True, timeout=60)
        if out.returncode or not out.stdout.strip():
            raise SystemExit(f"the dashboard did not start: {out.stderr[-2000:]}")
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return times


async def actions(path: Path, runs: int = 5) -> dict[str, list[float]]:
    """Milliseconds from a key reaching the app to the first paint of the screen it leads to, per action and run.

    An action is done when the main screen has shown the engine's answer (`refresh_view`) or a
    new screen has come up (it paints first while resuming); the time of each paint is taken from
    Textual's compositor, so the test harness's own waiting between keys is not counted. Each
    action runs `runs` times (a roll, its move, undo and redo on the stack with most units, then
    both undone again).
    """
    from textual import events
    from textual.screen import Screen

    from referee.rulesets.n30.tui.map_view import MapView
    from referee.rulesets.n30.tui.screen import MainScreen
    from referee.tui.app import RefereeApp

    paints: list[float] = []
    keys: list[float] = []
    done: list[float] = []
    patched = {
        (Screen, "_compositor_refresh"): lambda original: lambda screen: (original(screen), paints.append(time.perf_counter())),
        (Screen, "_on_screen_resume"): lambda original: lambda screen, event: (done.append(time.perf_counter()),
                                                                              original(screen, event)),
        (MainScreen, "refresh_view"): lambda original: lambda screen: (original(screen), done.append(time.perf_counter())),
    }
    originals = {key: getattr(*key) for key in patched}
    for (owner, name), wrap in patched.items():
        setattr(owner, name, wrap(originals[(owner, name)]))

    class Timed(RefereeApp):
        async def on_event(self, event):
            if isinstance(event, events.Key):
                keys.append(time.perf_counter())
            await super().on_event(event)

    app = Timed(path)
    timings: dict[str, list[float]] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen

        async def timed(name: str | None, key: str) -> None:
            keys.clear()
            paints.clear()
            done.clear()
            await pilot.press(key)
            for _ in range(3):
                await app.workers.wait_for_complete()
                await pilot.pause(0.05)
            if name is not None:
                finished = max(done, default=keys[0])
                first_paint = next(t for t in paints if t >= finished)
                timings.setdefault(name, []).append((first_paint - keys[0]) * 1000)

        state = screen.game.state
        busy = max(state.stacks["protesters"], key=lambda node: len(state.stacks["protesters"][node]))
        for _ in range(runs):
            await timed("cursor move (arrow)", "right")
        screen.query_one(MapView).cursor = busy
        await pilot.pause()
        while screen.game.state.phase != "protester-movement":
            await timed("end phase", "e")
        await timed("choose intersection", "c")
        for _ in range(runs):
            screen.query_one(MapView).cursor = busy
            await pilot.pause()
            await timed("roll a move", "m")
            if not screen.legal:
                break
            screen.query_one(MapView).cursor = sorted(screen.legal)[0]
            await pilot.pause()
            await timed("move to a highlighted intersection", "enter")
            await timed("undo", "u")
            await timed("redo", "y")
            await timed(None, "u")
            await timed(None, "u")
        await timed("end phase", "e")
        for _ in range(runs):  # the first opening also pays Textual's one-time styling of the screen
            await timed("help screen", "question_mark")
            await timed("close help", "escape")
        for _ in range(3):
            await timed("table dice on/off", "t")
        await timed("end phase", "e")
        contested = sorted(set(screen.game.state.stacks["protesters"]) & set(screen.game.state.stacks["police"]))
        if contested:
            screen.query_one(MapView).cursor = contested[0]
            await pilot.pause()
            for _ in range(runs):
                await timed("open confrontation dialog", "a")
                await timed("close confrontation dialog", "escape")
        await timed("end phase", "e")
        await timed("history: open (the whole log)", "h")
        for _ in range(runs):  # reviewing a session: each replay step
            await timed("history: back one turn", "less_than_sign")
            await timed("history: back one event", "comma")
            await timed("history: forward one phase", "right_curly_bracket")
        await timed(None, "v")
        for _ in range(runs):
            await timed("history as a player: back one turn", "less_than_sign")
        await timed(None, "v")
        await timed(None, "v")
        await timed("history: close", "h")
    for (owner, name), original in originals.items():
        setattr(owner, name, original)
    return timings


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = late_session(Path(folder))
        from referee.session import read

        state = read(path).state
        print(f"session at turn {state.turn}/36, {state.phase}", flush=True)
        times = startup(path)
        print(f"referee play PATH to the first full screen: median {statistics.median(times):.3f} s "
              f"(runs {', '.join(f'{t:.3f}' for t in times)})   target < 1.0 s")
        print("each action, from its key to the first paint of its result: median (every run, in order), target < 100 ms")
        for name, runs in asyncio.run(actions(path)).items():
            print(f"  {name:<36} {statistics.median(runs):6.1f} ms  ({', '.join(f'{ms:.1f}' for ms in runs)})")


if __name__ == "__main__":
    main()
