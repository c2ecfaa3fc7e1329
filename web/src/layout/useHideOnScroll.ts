import { useEffect, useState } from 'react';

/** True while the page scrolls down past `threshold` px; false again on any scroll up. */
export function useHideOnScroll(threshold = 10): boolean {
  const [isHidden, setIsHidden] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    const handleScroll = () => {
      const y = window.scrollY;
      if (y > lastY && y > threshold) setIsHidden(true);
      else if (y < lastY) setIsHidden(false);
      lastY = y;
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [threshold]);
  return isHidden;
}
