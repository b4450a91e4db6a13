"""The expedition (výprava): the GM's time records, the party and the roll log, as pure rules.

"PJ aktualizuje časové záznamy a upraví dobu trvání kouzel či zdrojů světla": an expedition keeps
the clock, the scene, the party's hit points and fatigue, supplies, lights and other timed
effects, and each group's morale successes; every action (:mod:`rpg.expedition.actions`) runs the
rules' procedures through the registry with those records filled in and returns the new records,
so the whole thing is tested without a database or HTTP. Storage and access are the API's
(``api/expeditions``).
"""
