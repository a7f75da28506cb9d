"""Lesson 14 (14_safe_discards.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
from _shared import coach_reviews_a_position

assert coach_reviews_a_position(lesson)
