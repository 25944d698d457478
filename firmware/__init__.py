"""The Tressette box: the device program and its laptop simulator."""

__version__ = "0.1.0"
