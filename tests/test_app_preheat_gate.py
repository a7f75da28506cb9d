"""The kernels kept ready start one at a time, the landing page's first (buraco_learn.app.preheatgate)."""

from __future__ import annotations

import asyncio
import itertools

from buraco_learn.app.preheatgate import PREHEATING, PreheatGate, default_spacing


async def _starts(gate: PreheatGate, notebooks: list[str], hurry: str | None = None) -> list[tuple[str, float]]:
    loop = asyncio.get_running_loop()
    began = loop.time()
    went: list[tuple[str, float]] = []

    async def start(notebook: str) -> None:
        PREHEATING.set(notebook)  # as the start's renderer does, in the start's own task
        await gate.turn(PREHEATING.get() or "")
        went.append((notebook, loop.time() - began))

    tasks = [asyncio.create_task(start(name)) for name in notebooks]
    await asyncio.sleep(0.01)
    if hurry is not None:
        gate.hurry(hurry)
    await asyncio.gather(*tasks)
    return went


def test_starts_go_one_at_a_time_the_landing_page_then_a_class_lesson_then_by_number() -> None:
    gate = PreheatGate(0.05, first=["09_scoring.ipynb"])
    notebooks = ["12_play_the_coach.ipynb", "house_rules.ipynb", "02_melds.ipynb", "index.ipynb", "09_scoring.ipynb"]
    went = asyncio.run(_starts(gate, notebooks))
    # the first to ask goes at once; the others wait and go by priority
    assert [name for name, _ in went] == ["12_play_the_coach.ipynb", "index.ipynb", "09_scoring.ipynb",
                                          "02_melds.ipynb", "house_rules.ipynb"]
    times = [at for _, at in went]
    assert all(later - earlier >= 0.045 for earlier, later in itertools.pairwise(times)), times
    assert gate.waiting == 0


def test_a_page_asked_for_lets_its_waiting_start_go_at_once() -> None:
    gate = PreheatGate(0.2)
    notebooks = ["index.ipynb", "01_cards_and_deal.ipynb", "02_melds.ipynb", "19_cut_throat.ipynb"]
    went = dict(asyncio.run(_starts(gate, notebooks, hurry="19_cut_throat.ipynb")))
    assert went["19_cut_throat.ipynb"] < 0.1 < went["01_cards_and_deal.ipynb"], went


def test_a_page_asked_for_before_its_start_arrives_does_not_wait_and_a_cancelled_start_gives_its_turn() -> None:
    async def scenario() -> list[str]:
        gate = PreheatGate(0.05)
        gate.hurry("05_a_turn.ipynb")
        went: list[str] = []

        async def start(notebook: str) -> None:
            await gate.turn(notebook)
            went.append(notebook)

        first = asyncio.create_task(start("index.ipynb"))
        await asyncio.sleep(0)
        cancelled = asyncio.create_task(start("01_cards_and_deal.ipynb"))
        later = asyncio.create_task(start("02_melds.ipynb"))
        await asyncio.sleep(0)
        cancelled.cancel()
        await asyncio.wait_for(start("05_a_turn.ipynb"), 0.02)  # hurried: no wait
        await asyncio.gather(first, later)
        return went

    assert asyncio.run(scenario()) == ["index.ipynb", "05_a_turn.ipynb", "02_melds.ipynb"]


def test_the_copies_in_other_languages_come_after_the_english_pages_and_the_spacing_leaves_a_core() -> None:
    gate = PreheatGate(1.0)
    assert gate.priority("it/index.ipynb") > gate.priority("house_rules.ipynb") > gate.priority("19_cut_throat.ipynb")
    assert 0 < default_spacing() <= 1.0


def test_once_the_server_stops_no_waiting_start_goes() -> None:
    async def scenario() -> list[str]:
        gate = PreheatGate(0.02)
        went: list[str] = []

        async def start(notebook: str) -> None:
            await gate.turn(notebook)
            went.append(notebook)

        tasks = [asyncio.create_task(start(name)) for name in ("index.ipynb", "01_cards_and_deal.ipynb", "02_melds.ipynb")]
        await asyncio.sleep(0.001)
        gate.close()
        gate.hurry("02_melds.ipynb")
        await asyncio.sleep(0.1)
        assert not any(task.done() for task in tasks[1:])
        for task in tasks:
            task.cancel()
        return went

    assert asyncio.run(scenario()) == ["index.ipynb"]
