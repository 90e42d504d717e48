"""`python -m tests.corpus [-v] [name filters...]`: the corpus's score table."""

import sys

from .run import main

sys.exit(main(sys.argv[1:]))
