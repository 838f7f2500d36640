"""The four commands, installed with the package: ``conan-train``, ``conan-evaluate``,
``conan-play``, ``conan-bench`` (each ``baselines.cli.<name>:main``). Every user error is
one line on stderr naming the problem and what is valid, with exit status 2."""
