"""What each verb of the command line does: parse what click cannot, call the library, print.

:mod:`toolkit.cli` declares the verbs, their options and their help; their bodies live here,
one module per family of verbs, and never import the command line back.
"""
