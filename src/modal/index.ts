export { ConfirmModal } from './ConfirmModal.tsx';
export type { ConfirmModalProps } from './ConfirmModal.tsx';
