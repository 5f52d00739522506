"""A toy game registered only by the registry test: one entry, one package, nothing else."""
