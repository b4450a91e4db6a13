// Morálka: zeptá se na hodnotu morálky a výsledek pošle do chatu jako kartičku.
// (Foundry VTT 12 a novější: makro typu Script.)
const server = "http://127.0.0.1:8000";
const { DialogV2 } = foundry.applications.api;
const morale = await DialogV2.prompt({
  window: { title: "Morálka" },
  content: '<label>Hodnota morálky <input name="morale" type="number" value="7" min="2" max="12" autofocus></label>',
  ok: { label: "Hodit", callback: (event, button) => button.form.elements.morale.valueAsNumber },
  rejectClose: false,
});
if (morale) {
  const response = await fetch(`${server}/api/v1/morale?morale=${morale}&format=html`);
  // Chyba (např. morálka mimo 2–12) přijde také jako kartička, jen s jiným stavem odpovědi.
  ChatMessage.create({ content: await response.text(), speaker: ChatMessage.getSpeaker() });
}
