"""Lesson 11 (11_meld_quiz.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

warm_up, rounds, chooser = lesson["warm-up"], lesson["rounds"], lesson.chooser
assert warm_up.chooser is chooser and rounds.chooser is chooser
assert [warm_up.correct_choice(i) for i in range(4)] == ["Legal", "Not legal", "Legal", "Not legal"]  # 002
quiz = rounds.quiz
for _ in range(rounds.round):
    quiz.reveal()
    quiz.next_question()
assert rounds.rounds == [0] and "Round 1: 0 of 10" in rounds.status.value
assert lesson.store.lesson("meld-quiz").quizzes["meld quiz"].total == 10
chooser.select("aberto")
assert rounds.quiz.rules.name == "aberto" and rounds.rounds == []
assert warm_up.correct_choice(2) == "Not legal"  # the warm-up follows the chooser: Buraco Aberto (001) has no sets
chooser.select("italian")
