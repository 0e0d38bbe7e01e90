"""`python -m isla.cli`: the same as the `isla` console script."""

import sys

from isla.cli import main

sys.exit(main())
