"""``python -m buraco_learn`` runs the command line."""

import sys

from buraco_learn.cli import main

sys.exit(main())
