// The tower board: drawn from the view once the game has one (the generic tree meanwhile).
export function draw(view) {
  throw new Error("no tower board yet");
}
