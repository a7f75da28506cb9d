"""The lesson app: the Voila server, the lesson catalogue and the learner's progress.

- :mod:`buraco_learn.app.progress`: lessons done, quiz scores and saved games in SQLite
  (pure Python, no Jupyter).
- :mod:`buraco_learn.app.catalogue`: the numbered lesson notebooks and their metadata
  (pure Python).
- :mod:`buraco_learn.app.pages` and :mod:`buraco_learn.app.views`: the HTML of the
  landing page, the navigation, the rulesets table and the lessons' pictures (pure Python).
- :mod:`buraco_learn.app.lessonkit`: what a lesson notebook calls (ipywidgets).
- :mod:`buraco_learn.app.server` and :mod:`buraco_learn.app.voila_app`: ``buraco-learn
  serve``'s Voila application.
- :mod:`buraco_learn.app.measure`: time to first render and memory per kernel.
"""
