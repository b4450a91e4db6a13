/* Dobývání soustav, [Příjem kreditů] (rpg/conquest/income.py). */
import { msg } from "../core/catalog.js";
import { answer } from "../core/engine.js";
import { C, credits } from "./game.js";

/** [Příjem kreditů] 100 per checkpoint, 50 per Extractor. */
export function income(source, { checkpoints = 0, extractors = 0 }) {
  const { checkpoint_income: ci, extractor_income: ei } = C();
  const total = ci * checkpoints + ei * extractors;
  return answer({ credits: total, from_checkpoints: ci * checkpoints,
    from_extractors: ei * extractors }, msg("conquest/income.text", { checkpoints, extractors,
    checkpoint_income: ci, extractor_income: ei, credits: credits(total) }));
}
