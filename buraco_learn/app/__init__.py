"""The lesson app: the Voila server, the lesson catalogue and the learner's progress.

- :mod:`buraco_learn.app.progress`: lessons done, quiz scores and saved games in SQLite
  (pure Python, no Jupyter).
- :mod:`buraco_learn.app.catalogue`: the numbered lesson notebooks and their metadata
  (pure Python).
- :mod:`buraco_learn.app.pages`: HTML for the landing page, the lesson navigation and
  the rulesets table (pure Python).
- :mod:`buraco_learn.app.lessonkit`: what a lesson notebook calls (ipywidgets).
- :mod:`buraco_learn.app.server`: ``buraco-learn serve``'s Voila application.
- :mod:`buraco_learn.app.measure`: time to first render and memory per kernel.
"""
