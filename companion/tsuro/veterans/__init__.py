"""Veterans of the Seas and the Phoenix bonus tile: data, pure rules, and their place in the turn.

Pure rules, each usable without a game state: :mod:`.data` (the facts the reference
leaves out, as editable data), :mod:`.tsunami`, :mod:`.uzushio`, :mod:`.taihou`,
:mod:`.portal`, :mod:`.phoenix` and :mod:`.bonus` (the reference's elimination bonus),
with :mod:`.actions` (their notation). None of them draws a random number: every die
arrives as input, and chance is given as exact fractions.

On the game state: :mod:`.turn`, the path engine's rules plug-in (a game with these
options names it; the state calls its hooks at a few points of the turn and never
imports it), over :mod:`.engine` (the tsunami and the uzushio), :mod:`.pieces` (taihou,
Phoenix, the special tiles in hands and pile), :mod:`.portal_play` (a portal at work),
and :mod:`.describe` (the sentences for the table).
"""
