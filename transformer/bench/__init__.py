"""cgp-transform bench: training-iteration times of the original and transformed trees."""
