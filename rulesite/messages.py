"""The words of the calculators' page itself (``core/ui.js``), in the engine's message catalog."""

from __future__ import annotations

from rpg.core.catalog import messages
from rpg.core.text import Text

MESSAGES = messages({
    "calculator.required": Text("Vyplň toto pole.", "Fill in this field."),
    "calculator.integer": Text("Zadej celé číslo.", "Give a whole number."),
    "calculator.number": Text("Zadej číslo.", "Give a number."),
    "calculator.range": Text("Zadej hodnotu od {min} do {max}.",
                             "Give a value from {min} to {max}."),
    "calculator.length": Text("Délka musí být {min} až {max} znaků.",
                              "The length must be {min} to {max} characters."),
    "calculator.items": Text("Zadej {min} až {max} položek oddělených čárkou.",
                             "Give {min} to {max} items separated by commas."),
    "calculator.item": Text("Položka č. {index}: {message}", "Item {index}: {message}"),
    "calculator.fix-fields": Text("Oprav zvýrazněná pole.", "Correct the highlighted fields."),
    "calculator.fix-field": Text("Oprav zvýrazněné pole.", "Correct the highlighted field."),
    "calculator.chance": Text("Šance", "Chance"),
    "calculator.next": Text("Dále", "Next"),
    # The form's own words (rulesite/calculators.py writes them into the page).
    "calculator.roll": Text("Hodit", "Roll"),
    "calculator.compute": Text("Spočítat", "Compute"),
    "calculator.unset": Text("(nezadáno)", "(not given)"),
    "calculator.add-row": Text("+ Přidat řádek", "+ Add a row"),
    "calculator.remove-row": Text("Odebrat řádek", "Remove the row"),
    "calculator.rows": Text("Zadej {min} až {max} řádků.", "Give {min} to {max} rows."),
    "calculator.cell": Text("Řádek č. {row}, {label}: {message}", "Row {row}, {label}: {message}"),
    "calculator.twice": Text("Totéž už je v řádku č. {row}.", "The same is already in row {row}."),
})
