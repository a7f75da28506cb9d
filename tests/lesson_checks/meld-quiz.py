"""Lesson 11 (11_meld_quiz.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from buraco_learn.i18n import _

warm_up, rounds, chooser = lesson["warm-up"], lesson["rounds"], lesson.chooser
legal, not_legal = _("Legal"), _("Not legal")  # the answers' words in the page's language
assert warm_up.chooser is chooser and rounds.chooser is chooser
assert [warm_up.correct_choice(i) for i in range(4)] == [legal, not_legal, legal, not_legal]  # 002
quiz = rounds.quiz
for _question in range(rounds.round):
    quiz.reveal()
    quiz.next_question()
assert rounds.rounds == [0] and _("Round {number}: {score} of {size} right at the first try", number=1, score=0, size=10) in rounds.status.value
assert lesson.store.lesson("meld-quiz").quizzes["meld quiz"].total == 10
chooser.select("aberto")
assert rounds.quiz.rules.name == "aberto" and rounds.rounds == []
assert warm_up.correct_choice(2) == not_legal  # the warm-up follows the chooser: Buraco Aberto (001) has no sets
chooser.select("italian")
