"""The games, one package each: four-handed vint (``vint``), bridge (``bridge``), vint for two,
three and five players (``vint235``), solo whist (``solo``), and the laws on irregularities
(``laws``), a layer over the games that admit it. ``registry`` finds them by name."""
