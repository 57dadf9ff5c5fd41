"""Rating scales, one module each."""
