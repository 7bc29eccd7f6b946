/** Client network lists live in core (the authentication service uses them too). */
export { parseNetworks, plainAddress, type NetworkList } from '../core/networks.js';
