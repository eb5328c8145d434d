"""cgp-transform check: layer equivalence, races, convergence."""
