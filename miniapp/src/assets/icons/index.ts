export * from './Icon.js';
export { ICON_NAMES, ICON_SHAPES, iconTree, avatarPlaceholderTree, type IconName } from './shapes.js';
