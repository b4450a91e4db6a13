"""The rules of "Pravidla a procedury": one module per rules area, each procedure a pure function of
(validated inputs, dice source)."""
