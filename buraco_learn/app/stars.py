"""Stars: what a lesson earns, from 1 to 3, like the stages of lichess Learn.

- **1 star**: the lesson is done (the learner pressed "I've done this lesson").
- **2 stars**: done, every task of the lesson passed in one visit of its page, with few
  mistakes: at most :data:`FEW_MISTAKES` wrong answers.
- **3 stars**: done, every task passed in one visit, with no wrong answer at all.

A mistake is a wrong answer to a task: a quiz question answered wrong (each wrong try
counts, the first and any after "Try again"; in the meld quiz of lesson 11, a question
answered wrong at the first try or revealed), a turn on the card table that ends with a
goal missed, totals typed wrong or the breakdown asked for instead, a step of lesson 12's guided hand
with a refused move (once per step, however many tries). The progress store keeps the best stars ever earned
and the fewest mistakes of a visit that passed every task
(:meth:`~buraco_learn.app.progress.ProgressStore.record_stars`), so a later, worse visit
never takes a star away. Pure Python (no Jupyter): the lesson kit, the landing page and
the tests use it alike.

>>> stars_for(done=True, mistakes=0), stars_for(done=True, mistakes=2), stars_for(done=True, mistakes=3)
(3, 2, 1)
>>> stars_for(done=True, mistakes=0, finished=False), stars_for(done=False, mistakes=0)
(1, 0)
>>> stars_text(2), stars_label(2)
('★★☆', '2 of 3 stars')
"""

from __future__ import annotations

from typing import Final

#: The most stars a lesson earns.
MOST: Final = 3

#: The most wrong answers that still earn 2 stars.
#:
#: Why 2: a lesson has four to six tasks. One or two slips (a wrong first guess, put right
#: with "Try again" after reading the reason) are part of learning and still show the rule
#: understood; three or more mean that about half the tasks needed a second try, and the
#: lesson is worth doing again. It also keeps the three levels apart on the shortest
#: lessons: with four tasks, 0 wrong is 3 stars, 1 or 2 wrong is 2, more is 1.
FEW_MISTAKES: Final = 2


def stars_for(done: bool, mistakes: int, finished: bool = True) -> int:
    """The stars a visit of a lesson earns: 0 when not done, else 1 to 3 (see the module).

    ``mistakes`` is the number of wrong answers in the visit; ``finished`` whether every task
    of the lesson was passed in it (a lesson marked done with tasks left earns 1 star; a
    lesson with no task is finished as soon as it is done).

    >>> [stars_for(True, wrong) for wrong in range(5)]
    [3, 2, 2, 1, 1]
    """
    if mistakes < 0:
        raise ValueError(f"mistakes cannot be negative, not {mistakes}")
    if not done:
        return 0
    if not finished:
        return 1
    if mistakes == 0:
        return 3
    return 2 if mistakes <= FEW_MISTAKES else 1


def stars_text(stars: int) -> str:
    """The stars drawn: ``★`` for each earned, ``☆`` for each still to earn."""
    stars = max(0, min(MOST, stars))
    return "★" * stars + "☆" * (MOST - stars)


def stars_label(stars: int) -> str:
    """The stars in words, for screen readers (``aria-label``): ``"2 of 3 stars"``, ``"1 of 3 stars"``."""
    from buraco_learn.i18n import ngettext

    stars = max(0, min(MOST, stars))
    return ngettext("{stars} of {n} star", "{stars} of {n} stars", MOST, stars=stars)


def how_to_earn(stars: int) -> str:
    """What the next star asks for, in a learner's words (empty at 3 stars).

    >>> how_to_earn(1)
    'For more stars, answer every task of the lesson, with at most 2 wrong answers.'
    >>> how_to_earn(2)
    'For the third star, open the lesson again and answer every task right the first time.'
    """
    from buraco_learn.i18n import _, ngettext

    if stars >= MOST:
        return ""
    if stars == 2:
        return _("For the third star, open the lesson again and answer every task right the first time.")
    return ngettext("For more stars, answer every task of the lesson, with at most {n} wrong answer.",
                    "For more stars, answer every task of the lesson, with at most {n} wrong answers.", FEW_MISTAKES)
