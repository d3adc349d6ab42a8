// Saving text the page made (an OpenDRIVE file) as a download: a Blob URL
// on a temporary link, revoked once the click has been handed over.
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the URL once click() returns; revoke it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
