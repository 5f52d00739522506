"""Veterans of the Seas and the Phoenix bonus tile: data and pure rules.

The modules here rule on the expansion's pieces on their own, without the game state:
:mod:`.data` (the facts the reference leaves out, as editable data), :mod:`.tsunami`,
:mod:`.uzushio`, :mod:`.taihou`, :mod:`.portal`, :mod:`.phoenix` and :mod:`.bonus`
(the reference's elimination bonus). None of them draws a random number: every die
arrives as input, and chance is given as exact fractions.
"""
