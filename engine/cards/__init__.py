"""Card definitions live in TOML under data/; this package validates and loads them."""

from engine.cards.loader import CardBase, card_set_digest, load_card_dir, load_card_file

__all__ = ["CardBase", "card_set_digest", "load_card_dir", "load_card_file"]
