// Rozšíření Owlbear Rodeo: tlačítko otevře pravidla soubojů (s kalkulačkami) v modálním okně.
import OBR from "@owlbear-rodeo/sdk";

const site = "http://127.0.0.1:8000";
OBR.onReady(() => {
  document.querySelector("#souboje").addEventListener("click", () => {
    OBR.modal.open({ id: "pravidla.souboje", url: `${site}/pravidla/souboje/`, width: 420, height: 640 });
  });
});
