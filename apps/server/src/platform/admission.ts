/**
 * Who may come in (issue 30, bans by rule): the hook registration and sign-in call before an account is made or a
 * session starts. The platform knows no feature: the bans feature installs the check (ban rules on addresses,
 * e-mail domains and names); until one is installed everyone passes. A refusal throws the HttpError to answer.
 */
interface Admission {
  /** Before a registration's account is made: throws when a rule refuses the details (and counts the refusal). */
  registration(input: { name: string; email: string; ip: string }): Promise<void>;
  /** Before a session starts for a member whose password was right: throws when a rule refuses them. */
  signIn(input: { userID: number; name: string; email: string; isAdmin: number; ip: string }): Promise<void>;
}

export interface AdmissionHook extends Admission {
  /** Installs the check (one per app). */
  use(admission: Admission): void;
}

export function createAdmissionHook(): AdmissionHook {
  let installed: Admission | null = null;
  return {
    use(admission) {
      installed = admission;
    },
    registration: async (input) => installed?.registration(input),
    signIn: async (input) => installed?.signIn(input),
  };
}
