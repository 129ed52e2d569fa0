export { CardFace, type CardFaceProps } from './CardFace.js';
export { CardBack, type CardBackProps } from './CardBack.js';
export { SuitIcon, type SuitIconProps } from './SuitIcon.js';
export { cardSvgMarkup, cardBackSvgMarkup } from './markup.js';
export { cardFaceTree, cardCode, cardName, type CardFaceOptions } from './face.js';
export { cardBackTree, type CardBackTone } from './back.js';
export { SUIT_PATHS, SUIT_INK, SUIT_SYMBOL } from './suits.js';
export { CARD_W, CARD_H, CARD_ASPECT, CARD_SHADOW } from './layout.js';
