export { MultiTextInput, cleanNumberItem, MULTI_TEXT_ITEM_MAX } from './MultiTextInput.tsx';
