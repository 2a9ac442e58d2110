import { useEffect, useState } from "react";
import { apiRequest } from "./api.ts";

/**
 * An image served by an authorised API route: an <img> cannot send the bearer token, so it
 * is fetched through the API client and shown from an object URL (revoked when done).
 * Returns undefined while loading or when there is nothing to show, null when it failed.
 */
export function useAuthorisedImage(path: string | null | undefined): string | null | undefined {
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    setUrl(undefined);
    if (!path) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    apiRequest(path, { signal: controller.signal, headers: { Accept: "image/*" } })
      .then((response) => response.blob())
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((error: Error) => {
        if (error.name !== "AbortError") setUrl(null);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}
