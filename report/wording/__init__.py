"""Wording shared by the sections: the sentences, phrases, labels and decisions several sections say."""
