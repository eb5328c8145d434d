"""Facts about a parsed tree: classes, shapes, loops, effects, and the math library model."""
