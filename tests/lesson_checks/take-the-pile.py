"""Lesson 13 (13_taking_the_pile.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
from _shared import coach_reviews_a_position

assert coach_reviews_a_position(lesson)
