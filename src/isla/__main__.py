"""`python -m isla`: the same as the `isla` console script."""

import sys

from isla.cli import main

if __name__ == "__main__":  # not when a worker process imports the main module
    sys.exit(main())
