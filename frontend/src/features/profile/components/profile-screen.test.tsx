import { MEGABYTE, PROFILE_SUCCESS_BANNER_MS } from '@careers/contracts/constants';
import type { User } from '@careers/contracts/entities/user';
import { profileMessages } from '@careers/contracts/messages';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../testing/deferred';
import {
  ada,
  countCalls,
  type FetchHandler,
  type FetchStub,
  jsonReply,
  sentBodies,
} from '../../../testing/fake-api';
import { openSignedIn } from '../../../testing/render-app';

const picture = {
  url: '/api/files/pictures/7c1f0e52-0d5e-4c1b-9a2e-1f4b6d8e9a01/large',
  avatarUrl: '/api/files/pictures/7c1f0e52-0d5e-4c1b-9a2e-1f4b6d8e9a01/avatar',
};
const resume = {
  filename: 'ada-lovelace.pdf',
  url: '/api/files/resumes/3e8d2c1b-4a5f-4e6d-8c7b-9a0b1c2d3e4f',
  size: 123_456,
  uploadedAt: '2026-02-01T10:00:00.000Z',
};

/** Ada opens /profile; GET /users/resume answers `null` unless `others` says otherwise. */
function openProfile(signedIn: User = ada, others: FetchHandler = () => jsonReply(404, {})) {
  return openSignedIn(
    '/profile',
    async (method, url, init) => {
      const reply = await others(method, url, init);
      if (method === 'GET' && url === '/api/users/resume' && reply.status === 404) {
        return jsonReply(200, { resume: null });
      }
      return reply;
    },
    signedIn,
  );
}

async function profileHeading() {
  return screen.findByRole('heading', { name: 'Profile', level: 1 });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

function fileInput(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: true, selector: 'input' }) as HTMLInputElement;
}

function aFile(name: string, type: string, size?: number): File {
  const file = new File(['%PDF-1.4 a small file'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The file inputs refuse by `accept` in userEvent; a person's browser can still hand over any file. */
function choose(input: HTMLInputElement, file: File) {
  fireEvent.change(input, { target: { files: [file] } });
}

function stat(name: string): string {
  const term = within(screen.getByRole('region', { name: 'Profile Stats' })).getByText(name, { exact: true });
  return term.nextElementSibling?.textContent ?? '';
}

const fileOf = (file: unknown) =>
  file instanceof File ? { name: file.name, type: file.type, size: file.size } : file;

/** The file each multipart upload to `url` carried in `field` (FormData copies the File it is given). */
function filesSent(api: FetchStub, url: string, field: string) {
  return sentBodies(api, 'POST', url).map((body) =>
    body instanceof FormData ? fileOf(body.get(field)) : 'not multipart',
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  // jsdom has no object URLs; the download test lends the page a pair.
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('profile: view mode', () => {
  it('shows the saved profile in disabled fields, the stats and the completion percent', async () => {
    openProfile({
      ...ada,
      phone: '+44 20 7946 0000',
      bio: 'Wrote the first program.',
      location: { city: 'London', state: '', country: 'UK' },
      skills: [{ name: 'Mathematics', proficiency: 'Expert', experience: 20 }],
      jobPreferences: {
        roles: ['Analyst', 'Programmer'],
        preferredLocation: 'Hybrid',
        salaryExpectation: { min: 50000, max: 70000, currency: 'USD' },
      },
    });
    await profileHeading();

    const shown: Array<[string, string]> = [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Email', 'ada@example.com'],
      ['Phone', '+44 20 7946 0000'],
      ['Bio', 'Wrote the first program.'],
      ['City', 'London'],
      ['Country', 'UK'],
      ['Preferred location', 'Hybrid'],
      ['Minimum salary expectation', '50000'],
      ['Maximum salary expectation', '70000'],
    ];
    for (const [label, value] of shown) {
      expect(field(label).value, label).toBe(value);
      expect(field(label).disabled, `${label} disabled`).toBe(true);
    }
    // The bio may be in any script: it takes the direction of its own text.
    expect(field('Bio').getAttribute('dir')).toBe('auto');
    expect(screen.getByText('Mathematics')).toBeTruthy();
    expect(screen.getByText('Expert · 20 years')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Desired roles' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    expect(await screen.findByText(profileMessages.resumeNotAdded)).toBeTruthy();
    // Five of six: names, bio, city, a skill; no resume.
    expect(stat('Profile completion')).toBe('83%');
    expect([stat('Skills'), stat('Desired roles'), stat('Account type'), stat('Resume')]).toEqual([
      '1',
      '2',
      'job seeker',
      'Not added yet',
    ]);
    // Upload, remove and save are for edit mode only.
    expect(screen.queryByLabelText('Upload picture')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(screen.queryByLabelText('Upload resume')).toBeNull();
  });

  it('shows "Loading resume..." while the resume is fetched for a user who has none, then what came', async () => {
    const reply = deferred<Response>();
    const { api } = openProfile(ada, (method, url) =>
      method === 'GET' && url === '/api/users/resume' ? reply.promise : jsonReply(404, {}),
    );
    await profileHeading();

    expect(await screen.findByText(profileMessages.loadingResume)).toBeTruthy();
    reply.resolve(jsonReply(200, { resume }));

    expect(await screen.findByText('ada-lovelace.pdf')).toBeTruthy();
    expect(screen.queryByText(profileMessages.loadingResume)).toBeNull();
    expect(stat('Resume')).toBe('Uploaded');
    expect(countCalls(api, 'GET', '/api/users/resume')).toBe(1);
  });

  it('does not fetch the resume when the signed-in user has one', async () => {
    const { api } = openProfile({ ...ada, resume });
    await profileHeading();

    expect(screen.getByText('ada-lovelace.pdf')).toBeTruthy();
    expect(screen.getByText(/^121 KB · Uploaded/)).toBeTruthy();
    expect(stat('Resume')).toBe('Uploaded');
    expect(countCalls(api, 'GET', '/api/users/resume')).toBe(0);
  });

  it('shows the picture large, else the initials, and the same in the top bar', async () => {
    openProfile({ ...ada, profilePicture: picture });
    await profileHeading();

    const images = screen
      .getAllByRole('img', { name: 'Ada Lovelace' })
      .map((image) => image.getAttribute('src'));
    expect(images).toEqual([picture.avatarUrl, picture.url]);
  });
});

describe('profile: editing', () => {
  const saved = (body: Record<string, unknown>) => ({
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone,
    bio: body.bio,
    jobTitle: body.jobTitle,
    location: body.location,
    skills: body.skills,
    jobPreferences: {
      roles: (body.jobPreferences as { roles: string[] }).roles,
      preferredLocation: (body.jobPreferences as { remoteWork: string }).remoteWork || null,
      salaryExpectation: {
        min: Number((body.jobPreferences as { salaryRange: { min: string } }).salaryRange.min) || null,
        max: Number((body.jobPreferences as { salaryRange: { max: string } }).salaryRange.max) || null,
        currency: 'USD',
      },
    },
  });
  const echo: FetchHandler = (method, url, init) =>
    method === 'PUT' && url === '/api/users/profile'
      ? jsonReply(200, { data: saved(JSON.parse(String(init?.body))) })
      : jsonReply(404, {});

  it('saves names, contact, bio and location, leaves edit mode, and the top bar follows', async () => {
    const { api, user } = openProfile(ada, echo);
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Augusta');
    await user.type(field('Phone'), '+44 20');
    await user.type(field('Job title'), 'Analyst');
    await user.type(field('Bio'), 'Poet');
    await user.type(field('City'), 'London');
    await user.type(field('Country'), 'UK');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect((await screen.findByRole('status')).textContent).toBe(profileMessages.updated);
    expect(sentBodies(api, 'PUT', '/api/users/profile')).toEqual([
      {
        ...echoBody(),
        firstName: 'Augusta',
        phone: '+44 20',
        bio: 'Poet',
        jobTitle: 'Analyst',
        location: { city: 'London', state: '', country: 'UK' },
      },
    ]);
    // Saved: out of edit mode, the saved values shown, the top bar's name and the percent following.
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(field('First name').disabled).toBe(true);
    expect(field('First name').value).toBe('Augusta');
    expect(within(screen.getByRole('banner')).getByText('Augusta Lovelace')).toBeTruthy();
    expect(stat('Profile completion')).toBe('67%');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Profile', level: 1 }));
  });

  it('adds and removes skills and desired roles, and sends the preferences as roles, remoteWork and salaryRange', async () => {
    const { api, user } = openProfile(ada, echo);
    await profileHeading();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));

    // A skill needs a name: Add Skill stays disabled until then.
    const addSkill = screen.getByRole('button', { name: 'Add Skill' }) as HTMLButtonElement;
    expect(addSkill.disabled).toBe(true);
    expect(field('Proficiency').value).toBe('Intermediate');
    expect(field('Years of experience').value).toBe('1');
    await user.type(field('Skill name'), 'Maths');
    await user.selectOptions(field('Proficiency'), 'Expert');
    await user.clear(field('Years of experience'));
    await user.type(field('Years of experience'), '20');
    await user.click(addSkill);
    await user.type(field('Skill name'), 'Poetry{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove skill Poetry' }));

    await user.type(field('Desired role'), '  {Enter}');
    await user.type(field('Desired role'), 'Analyst{Enter}');
    await user.type(field('Desired role'), 'Coder');
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    await user.type(field('Desired role'), 'Poet{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove role Poet' }));
    await user.selectOptions(field('Preferred location'), 'Remote');
    await user.type(field('Minimum salary expectation'), '500');
    await user.type(field('Maximum salary expectation'), '700');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(profileMessages.updated)).toBeTruthy();
    expect(sentBodies(api, 'PUT', '/api/users/profile')).toEqual([
      {
        ...echoBody(),
        skills: [{ name: 'Maths', proficiency: 'Expert', experience: 20 }],
        jobPreferences: {
          roles: ['Analyst', 'Coder'],
          remoteWork: 'Remote',
          salaryRange: { min: '500', max: '700', currency: 'USD' },
        },
      },
    ]);
    expect(screen.getByText('Expert · 20 years')).toBeTruthy();
    expect([stat('Skills'), stat('Desired roles'), stat('Profile completion')]).toEqual(['1', '2', '50%']);
  });

  it('Cancel discards the unsaved edits, and Edit Profile starts again from the saved profile', async () => {
    const { api, user } = openProfile(ada, echo);
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(field('Bio'), 'Gone');
    await user.type(field('Skill name'), 'Go{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(field('Bio').value).toBe('');
    expect(screen.queryByText('Go')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(field('Bio').value).toBe('');
    expect(countCalls(api, 'PUT', '/api/users/profile')).toBe(0);
  });

  it('shows each message by its field, focuses the first, sends nothing, and clears a message on edit', async () => {
    const { api, user } = openProfile(ada, echo);
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('First name'));
    await user.type(field('Phone'), 'call me');
    await user.type(field('Minimum salary expectation'), '90000');
    await user.type(field('Maximum salary expectation'), '60000');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText(profileMessages.phoneInvalid)).toBeTruthy();
    expect(screen.getByText('Maximum salary cannot be less than minimum salary')).toBeTruthy();
    expect(document.activeElement).toBe(field('First name'));
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(countCalls(api, 'PUT', '/api/users/profile')).toBe(0);

    await user.type(field('First name'), 'Ada');
    expect(screen.queryByText('First name is required')).toBeNull();
  });

  it('refuses years of experience out of range by the field, and adds nothing', async () => {
    const { user } = openProfile(ada, echo);
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(field('Skill name'), 'Chess');
    await user.clear(field('Years of experience'));
    await user.type(field('Years of experience'), '-2');
    await user.click(screen.getByRole('button', { name: 'Add Skill' }));

    expect(screen.getByText(profileMessages.experienceInvalid)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your skills' })).toBeNull();
  });

  it.each([
    [
      409,
      { message: 'An account with this email already exists' },
      'An account with this email already exists',
    ],
    [400, {}, profileMessages.updateFailed],
    [500, {}, 'Server error. Please try again later.'],
  ])('shows a %i refusal %j with a Dismiss link, and stays in edit mode', async (status, body, shown) => {
    const { user } = openProfile(ada, (method, url) =>
      method === 'PUT' && url === '/api/users/profile' ? jsonReply(status, body) : jsonReply(404, {}),
    );
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${shown}Dismiss`);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Profile', level: 1 }));
  });

  it('reads "Saving..." while the save is in flight', async () => {
    const reply = deferred<Response>();
    const { user } = openProfile(ada, (method, url) =>
      method === 'PUT' && url === '/api/users/profile' ? reply.promise : jsonReply(404, {}),
    );
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByRole('button', { name: 'Saving...' }).getAttribute('aria-disabled')).toBe('true');
    reply.resolve(jsonReply(200, { data: saved(JSON.parse(JSON.stringify(echoBody()))) }));
    expect(await screen.findByText(profileMessages.updated)).toBeTruthy();
  });

  it('lets the success message go after five seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = openProfile(ada, echo);
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(profileMessages.updated)).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(PROFILE_SUCCESS_BANNER_MS - 100);
    });
    expect(screen.queryByText(profileMessages.updated)).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(profileMessages.updated)).toBeNull();
  });
});

/** What the profile form sends for an unchanged `ada`. */
function echoBody() {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '',
    bio: '',
    jobTitle: '',
    location: { city: '', state: '', country: '' },
    skills: [],
    jobPreferences: { roles: [], remoteWork: '', salaryRange: { min: '', max: '', currency: 'USD' } },
  };
}

describe('profile: picture', () => {
  const pictureApi: FetchHandler = (method, url) => {
    if (method === 'POST' && url === '/api/users/profile-picture')
      return jsonReply(200, { profilePicture: picture });
    if (method === 'DELETE' && url === '/api/users/profile-picture')
      return jsonReply(200, { message: 'Removed' });
    return jsonReply(404, {});
  };

  it('uploads a chosen image as multipart field profilePicture, shows it everywhere, then removes it', async () => {
    const { api, user } = openProfile(ada, pictureApi);
    await profileHeading();
    expect(screen.queryByRole('img')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const image = aFile('me.png', 'image/png');
    choose(fileInput('Upload picture'), image);

    expect(await screen.findByText(profileMessages.uploaded('profilePicture'))).toBeTruthy();
    expect(filesSent(api, '/api/users/profile-picture', 'profilePicture')).toEqual([fileOf(image)]);
    expect(
      screen.getAllByRole('img', { name: 'Ada Lovelace' }).map((img) => img.getAttribute('src')),
    ).toEqual([picture.avatarUrl, picture.url]);

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText(profileMessages.removed('profilePicture'))).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(countCalls(api, 'DELETE', '/api/users/profile-picture')).toBe(1);
  });

  it.each([
    ['a text file', aFile('notes.txt', 'text/plain'), 'Please upload an image file for profile picture'],
    ['an SVG', aFile('logo.svg', 'image/svg+xml'), profileMessages.pictureTypeNotSupported],
    ['a 6 MB image', aFile('big.jpg', 'image/jpeg', 6 * MEGABYTE), 'File size too large. Maximum size: 5MB'],
  ])('refuses %s before sending it', async (_what, file, message) => {
    const { api, user } = openProfile(ada, pictureApi);
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    choose(fileInput('Upload picture'), file);

    expect(within(await screen.findByRole('alert')).getByText(message)).toBeTruthy();
    expect(countCalls(api, 'POST', '/api/users/profile-picture')).toBe(0);
  });

  it("shows the server's refusal after the spec's sentence, and a failed removal", async () => {
    const { user } = openProfile({ ...ada, profilePicture: picture }, (method) => {
      if (method === 'POST') return jsonReply(400, { message: profileMessages.pictureNotImage });
      if (method === 'DELETE') return jsonReply(503, {});
      return jsonReply(404, {});
    });
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    choose(fileInput('Upload picture'), aFile('fake.png', 'image/png'));
    expect(
      await screen.findByText(
        'Failed to upload profile picture. Please upload an image file for profile picture',
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText(profileMessages.removeFailed('profilePicture'))).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Ada Lovelace' })).toHaveLength(2);
  });

  it('opens the picture in a new tab', async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = openProfile({ ...ada, profilePicture: picture });
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Download profile picture' }));

    expect(await screen.findByText(profileMessages.openedInNewTab('profilePicture'))).toBeTruthy();
    expect(clicked.map((link) => [link.getAttribute('href'), link.target, link.rel])).toEqual([
      [picture.url, '_blank', 'noopener noreferrer'],
    ]);
  });

  it('says the picture is not available for download when there is none', async () => {
    const { user } = openProfile();
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Download profile picture' }));

    expect(await screen.findByText(profileMessages.notAvailableForDownload('profilePicture'))).toBeTruthy();
  });
});

describe('profile: resume', () => {
  const resumeApi: FetchHandler = (method, url) => {
    if (method === 'POST' && url === '/api/users/resume') return jsonReply(200, { resume });
    if (method === 'DELETE' && url === '/api/users/resume') return jsonReply(200, { message: 'Removed' });
    return jsonReply(404, {});
  };

  it('uploads a PDF through the drop area, then removes it; the stats and percent follow', async () => {
    const { api, user } = openProfile(ada, resumeApi);
    await profileHeading();
    expect(await screen.findByText(profileMessages.resumeNotAdded)).toBeTruthy();
    expect(stat('Profile completion')).toBe('33%');

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const pdf = aFile('ada-lovelace.pdf', 'application/pdf');
    await user.upload(fileInput('Upload resume'), pdf);

    expect(await screen.findByText(profileMessages.uploaded('resume'))).toBeTruthy();
    expect(filesSent(api, '/api/users/resume', 'resume')).toEqual([fileOf(pdf)]);
    expect(screen.getByText('ada-lovelace.pdf')).toBeTruthy();
    expect([stat('Resume'), stat('Profile completion')]).toEqual(['Uploaded', '50%']);

    await user.click(screen.getByRole('button', { name: 'Remove resume' }));
    expect(await screen.findByText(profileMessages.removed('resume'))).toBeTruthy();
    expect(screen.getByText(profileMessages.resumeNotAdded)).toBeTruthy();
    expect([stat('Resume'), stat('Profile completion')]).toEqual(['Not added yet', '33%']);
  });

  it('takes a PDF dropped on the area', async () => {
    const { api, user } = openProfile(ada, resumeApi);
    await profileHeading();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const area = (await screen.findByText('Upload resume')).closest('.drop-area') as HTMLElement;
    const pdf = aFile('dropped.pdf', 'application/pdf');

    fireEvent.dragOver(area, { dataTransfer: { files: [pdf], dropEffect: 'none' } });
    expect(area.className).toContain('drop-area-over');
    fireEvent.drop(area, { dataTransfer: { files: [pdf] } });

    expect(await screen.findByText(profileMessages.uploaded('resume'))).toBeTruthy();
    expect(filesSent(api, '/api/users/resume', 'resume')).toEqual([fileOf(pdf)]);
  });

  it.each([
    ['a Word file', aFile('cv.docx', 'application/msword'), 'Please upload a PDF file for resume'],
    [
      'a 12 MB PDF',
      aFile('big.pdf', 'application/pdf', 12 * MEGABYTE),
      'File size too large. Maximum size: 10MB',
    ],
  ])('refuses %s before sending it', async (_what, file, message) => {
    const { api, user } = openProfile(ada, resumeApi);
    await profileHeading();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));

    choose(fileInput('Upload resume'), file);

    expect(within(await screen.findByRole('alert')).getByText(message)).toBeTruthy();
    expect(countCalls(api, 'POST', '/api/users/resume')).toBe(0);
  });

  it.each([
    [
      400,
      { message: profileMessages.resumeNotPdf },
      'Failed to upload resume. Please upload a PDF file for resume',
    ],
    [
      413,
      { message: 'File size too large. Maximum size: 10MB' },
      'Failed to upload resume. File size too large. Maximum size: 10MB',
    ],
    [400, {}, 'Failed to upload resume. Please try again.'],
  ])('shows a %i refusal %j as "%s"', async (status, body, shown) => {
    const { user } = openProfile(ada, (method, url) =>
      method === 'POST' && url === '/api/users/resume' ? jsonReply(status, body) : jsonReply(404, {}),
    );
    await profileHeading();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));

    choose(fileInput('Upload resume'), aFile('renamed.pdf', 'application/pdf'));

    expect(within(await screen.findByRole('alert')).getByText(shown)).toBeTruthy();
    expect(screen.getByText(profileMessages.resumeNotAdded)).toBeTruthy();
  });

  it('downloads the resume under its name, and says when that failed', async () => {
    const saved: Array<[string | null, string]> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push([this.getAttribute('href'), this.download]);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:resume', revokeObjectURL: () => {} }),
    );
    let fileReply = new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } });
    const { api, user } = openProfile({ ...ada, resume }, (method, url) =>
      method === 'GET' && url === resume.url ? fileReply : jsonReply(404, {}),
    );
    await profileHeading();

    await user.click(screen.getByRole('button', { name: 'Download resume' }));
    expect(await screen.findByText(profileMessages.downloadStarted('resume'))).toBeTruthy();
    expect(saved).toEqual([['blob:resume', 'ada-lovelace.pdf']]);
    expect(countCalls(api, 'GET', resume.url)).toBe(1);

    fileReply = jsonReply(404, { message: 'Resume not found' });
    await user.click(screen.getByRole('button', { name: 'Download resume' }));
    expect(await screen.findByText(profileMessages.downloadFailed('resume'))).toBeTruthy();
  });
});
