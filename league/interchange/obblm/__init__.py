"""OBBLM/NAFLM dumps: the version tables and decoder (pure Python), and the loader that writes a decoded league."""
