"""Build the book's editions: English at the root, Russian in ``ru/``, Polish in ``pl/``.

``make book-html`` runs this script. Each edition is one Sphinx build of the
same sources (``book/``) with Sphinx's own internationalisation: the
``language`` setting picks the message catalogs in ``book/locales/<lang>``.

Layout of ``<output>/_build`` (``<output>`` is ``book/`` unless
``--path-output`` says otherwise)::

    html/           the English edition, and the site's root
    html/ru/        the Russian edition (built in ru/html, then moved here)
    html/pl/        the Polish edition (built in pl/html, then moved here)
    .doctrees/, jupyter_execute/          the English build's own
    ru/.doctrees/, ru/jupyter_execute/    each other edition's own
    memo/           statistics computed once per run, shared by the editions

English is built first: the chapters' statistics cells fill the memo
(``book/_ext/memo.py``), and the other editions, built side by side in two
processes, read it. The memo is cleared at the start of every run, so it never
outlives a change in the code. Each edition's wall time is printed.

Usage::

    python tools/build_book.py                      # every edition
    python tools/build_book.py --languages en,pl    # a quicker local build
    python tools/build_book.py --path-output /tmp/b # outputs in /tmp/b/_build
    python tools/build_book.py --catalogs           # update book/locales/<lang>

``--catalogs`` extracts the pages' messages (the gettext builder, notebooks not
executed) into ``<output>/_build/gettext`` and merges them into each
translated edition's catalogs with sphinx-intl: new messages come in empty,
changed ones fuzzy, until a translator has been through them.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from solitaire_widgets.i18n import BASE_LANGUAGE, LANGUAGES

REPO = Path(__file__).resolve().parent.parent
BOOK = REPO / "book"

#: The edition at the site's root. The editions are the languages the package
#: speaks (``solitaire_widgets.i18n.LANGUAGES``), the root one first.
ROOT_LANGUAGE = BASE_LANGUAGE

#: The variable that tells ``book/_ext/memo.py`` where to keep its results.
MEMO_VARIABLE = "SOLITAIRE_WIDGETS_BOOK_MEMO"


def edition_dir(build: Path, language: str) -> Path:
    """Where an edition's HTML is built (``build`` is ``<output>/_build``)."""
    return build / "html" if language == ROOT_LANGUAGE else build / language / "html"


def build_edition(language: str, build: Path) -> int:
    """Build one edition in this process, like ``jupyter-book build book -W -n --keep-going``."""
    from jupyter_book.sphinx import build_sphinx

    outdir = edition_dir(build, language)
    overrides = {
        "external_toc_path": (BOOK / "_toc.yml").as_posix(),
        "latex_individualpages": False,
        "nitpicky": True,
        "language": language,
    }
    result = build_sphinx(
        BOOK,
        outdir,
        noconfig=True,
        path_config=str(BOOK / "_config.yml"),
        confoverrides=overrides,
        builder="html",
        warningiserror=True,
        keep_going=True,
    )
    return result if isinstance(result, int) else 1


def update_catalogs(build: Path) -> int:
    """Extract the pages' messages and merge them into ``book/locales/<lang>``."""
    from jupyter_book.sphinx import build_sphinx

    templates = build / "gettext"
    result = build_sphinx(
        BOOK,
        templates,
        # its own doctrees: the English edition's (``_build/.doctrees``) are the html builder's
        doctreedir=templates / ".doctrees",
        noconfig=True,
        path_config=str(BOOK / "_config.yml"),
        confoverrides={
            "external_toc_path": (BOOK / "_toc.yml").as_posix(),
            "latex_individualpages": False,
            "nb_execution_mode": "off",
        },
        builder="gettext",
        warningiserror=False,
        keep_going=True,
    )
    if result:
        return 1
    # The theme's words (book/_ext/theme_words.py) are translated by hand in each
    # edition's sphinx.po and booktheme.po: the messages of the templates
    # (sphinx.pot) are no page's, and sphinx-intl would drop the rest.
    (templates / "sphinx.pot").unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "sphinx_intl", "update", "--pot-dir", str(templates),
           "--locale-dir", str(BOOK / "locales")]
    for language in LANGUAGES:
        if language != ROOT_LANGUAGE:
            cmd += ["--language", language]
    return subprocess.run(cmd, cwd=REPO, check=False).returncode


def _start(language: str, build: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, __file__, "--edition", language, "--path-output", str(build.parent)]
    return subprocess.Popen(cmd, cwd=REPO)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--languages",
        default=",".join(LANGUAGES),
        help=f"comma-separated editions to build (default: {','.join(LANGUAGES)}); "
             f"{ROOT_LANGUAGE} is always built first",
    )
    parser.add_argument(
        "--path-output",
        type=Path,
        default=BOOK,
        help="the folder that receives _build/ (default: book/)",
    )
    parser.add_argument(
        "--catalogs",
        action="store_true",
        help="update the editions' message catalogs (book/locales) instead of building",
    )
    parser.add_argument("--edition", help=argparse.SUPPRESS)  # one edition, in this process
    args = parser.parse_args(argv)
    build = args.path_output.resolve() / "_build"

    if args.edition:
        return build_edition(args.edition, build)
    if args.catalogs:
        return update_catalogs(build)

    languages = [lang.strip() for lang in args.languages.split(",") if lang.strip()]
    unknown = sorted(set(languages) - set(LANGUAGES))
    if unknown:
        parser.error(f"unknown edition {', '.join(unknown)}; the editions are {', '.join(LANGUAGES)}")

    memo = build / "memo"
    shutil.rmtree(memo, ignore_errors=True)
    memo.mkdir(parents=True)
    os.environ[MEMO_VARIABLE] = str(memo)
    site = edition_dir(build, ROOT_LANGUAGE)
    for language in LANGUAGES:
        if language != ROOT_LANGUAGE:
            shutil.rmtree(site / language, ignore_errors=True)

    times: dict[str, float] = {}
    failed: list[str] = []
    started = time.perf_counter()
    if ROOT_LANGUAGE in languages:
        code = build_edition_timed(ROOT_LANGUAGE, build, times)
        if code:
            failed.append(ROOT_LANGUAGE)
    others = [lang for lang in languages if lang != ROOT_LANGUAGE]
    running = {lang: (_start(lang, build), time.perf_counter()) for lang in others}
    for lang, (proc, began) in running.items():
        if proc.wait():
            failed.append(lang)
        times[lang] = time.perf_counter() - began
    for lang in others:
        if lang not in failed:
            target = site / lang
            site.mkdir(parents=True, exist_ok=True)
            os.replace(edition_dir(build, lang), target)
    for lang in languages:
        if lang in times:
            print(f"book edition {lang}: {times[lang]:.0f} s")
    print(f"book editions {','.join(languages)}: {time.perf_counter() - started:.0f} s in all")
    if failed:
        print(f"book build failed for {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def build_edition_timed(language: str, build: Path, times: dict[str, float]) -> int:
    """Build ``language`` in a subprocess (a fresh docutils state) and record its wall time."""
    began = time.perf_counter()
    code = _start(language, build).wait()
    times[language] = time.perf_counter() - began
    return code


if __name__ == "__main__":
    sys.exit(main())
