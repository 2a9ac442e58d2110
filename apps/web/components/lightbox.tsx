import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";

export type LightboxImage = { src: string; alt: string };

type LightboxProps = { image: LightboxImage; onClose: () => void };

/** Full-size image in a modal dialog; a click anywhere or Escape closes it. */
export default function Lightbox({ image, onClose }: LightboxProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex cursor-zoom-out items-center justify-center p-4 focus:outline-none"
          onClick={onClose}
          // Focus goes back to the thumbnail through useLightbox.
          onCloseAutoFocus={(event) => event.preventDefault()}
        >
          <Dialog.Title className="sr-only">{image.alt}</Dialog.Title>
          <Dialog.Description className="sr-only">Cliquez ou appuyez sur Échap pour fermer.</Dialog.Description>
          <img
            src={image.src}
            alt={image.alt}
            className="max-h-[90vh] max-w-[95vw] rounded-lg object-contain shadow-2xl"
          />
          <Dialog.Close
            className="absolute top-4 right-4 rounded-full bg-white/15 p-2 text-white hover:bg-white/25"
            aria-label="Fermer"
          >
            <X aria-hidden="true" className="size-6" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
