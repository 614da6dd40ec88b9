"""What the phone runs when it has no signal, and what the server shares of it: standard library and
``scorekeeper.rules`` only, so it runs unchanged in Pyodide in the phone's Web Worker.

- ``problems``     where a problem is shown on a form (a field, a group of fields, or the form's top)
- ``hand_fields``  the hand form's one declaration (which the server's WTForms hand form is made from), and its
                   posted text read as WTForms reads it, with the problems the form itself finds
- ``hand_input``   the form's data made into the API's hand input (the server's hand form calls it too), and a
                   stored hand back into the form's data
- ``state``        the state's JSON shape of a hand and the sides' names, as the server's serializers give them
- ``worker``       the worker's entry points: ``replay``, ``preview``, ``score``, ``hand_input``, each giving what
                   the server's API or preview answers, said in the phone's language

The worker imports these from a zip the app packs from the source when it serves it (``views.engine``), so the
phone's engine is the server's by construction, never a copy kept in step by hand.
"""
