import { useEffect, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * Size of an element, following window and sidebar resizes. Returns a callback ref, so an element that
 * appears later (the table after its first page loads) is still observed.
 */
export function useElementSize<E extends HTMLElement>(): [(element: E | null) => void, ElementSize] {
  const [element, setElement] = useState<E | null>(null);
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver((entries) => {
      const rect = entries[0]?.contentRect;
      if (!rect) return;
      const next = { width: Math.floor(rect.width), height: Math.floor(rect.height) };
      setSize((current) => (current.width === next.width && current.height === next.height ? current : next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, size];
}
