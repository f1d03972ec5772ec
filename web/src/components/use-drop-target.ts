import { useState, type DragEvent } from 'react';

/**
 * A drop zone's state and handlers: `dragging` while files are held over it, and `onDrop` called
 * with the drop's data (the browser's own handling, opening the file, prevented).
 */
export function useDropTarget(onDrop: (data: DataTransfer) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver: (event: DragEvent) => {
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        onDrop(event.dataTransfer);
      },
    },
  };
}
