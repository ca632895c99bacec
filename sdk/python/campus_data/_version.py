#: This SDK's version (independent of the API version and the data version); equals pyproject.toml's.
__version__ = "0.1.0"
